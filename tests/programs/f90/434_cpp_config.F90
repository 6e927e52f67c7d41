! Preprocessed source (.F90): build configuration by #define with values, #ifdef/#ifndef,
! #if with arithmetic and defined(), #elif chains, #undef, object-like macros expanded in
! code, and an #include of a header with parameters next to the program.
#define NDIM 3
#define NPTS (2 * NDIM + 1)
#define USE_DOUBLE
#define VERSION 203
#include "434_cpp_config.inc"
program cpp_config
  implicit none
#ifdef USE_DOUBLE
  integer, parameter :: wp = kind(1.0d0)
#else
  integer, parameter :: wp = kind(1.0)
#endif
  real(wp) :: x(NPTS)
  integer :: i
  x = [(real(i, wp) / 4, i = 1, NPTS)]
  print '(A,I3)', 'npts:', NPTS
  print '(A,I3)', 'kind:', wp
  print '(7F6.2)', x
#if VERSION >= 200 && VERSION < 300
  print '(A)', 'version 2.x'
#elif VERSION >= 300
  print '(A)', 'version 3 or later'
#else
  print '(A)', 'old version'
#endif
#if defined(DEBUG) || NDIM > 5
  print '(A)', 'debug or high dimension'
#elif defined(USE_DOUBLE) && !defined(DEBUG)
  print '(A)', 'double, no debug'
#endif
#undef NDIM
#ifndef NDIM
  print '(A)', 'NDIM undefined now'
#endif
#define NDIM 2
  print '(A,I3)', 'NDIM redefined:', NDIM
  print '(A,I4)', 'from header:', MAXIT
  print '(A,F8.3)', 'tolerance exponent check:', TOLSCALE * 2.0_wp
  call header_routine()
#if (NSCHEME % 2) == 0
  print '(A)', 'even scheme'
#else
  print '(A)', 'odd scheme'
#endif
end program cpp_config
