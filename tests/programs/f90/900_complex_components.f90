! Complex components of derived types: complex(4), (8) and (16) scalars and arrays, fixed-size
! and allocatable, with default values; constructors; component access with %re and %im;
! assignment, arrays of structures, procedures, list-directed and formatted output.
module wave_types
  implicit none
  type :: wave
    integer :: id = 7
    complex :: amp = (1.0, 2.0)
    complex(8) :: phase
    complex(16) :: exact = (0.5_16, -0.25_16)
    complex :: taps(3) = [(1., 0.), (0., 1.), (2., 2.)]
    complex(8), allocatable :: spectrum(:)
  end type
contains
  subroutine show(w)
    type(wave), intent(in) :: w
    print *, w%id, w%amp, w%phase
    print *, w%exact
    print *, w%taps
    if (allocated(w%spectrum)) then
      print *, size(w%spectrum), w%spectrum
    else
      print *, 'no spectrum'
    end if
  end subroutine
  function make(i) result(r)
    integer, intent(in) :: i
    type(wave) :: r
    r%id = i
    r%phase = cmplx(i, -i, 8)
    allocate(r%spectrum(2))
    r%spectrum = [(1d0, 2d0), (3d0, 4d0)] * i
  end function
  subroutine scale(w, f)
    type(wave), intent(inout) :: w
    real, intent(in) :: f
    w%amp = w%amp * f
    w%taps = w%taps * f
    w%exact = w%exact * 2
  end subroutine
  subroutine set_part(x, v)
    real, intent(out) :: x
    real, intent(in) :: v
    x = v
  end subroutine
end module

program complex_components
  use wave_types
  implicit none
  type(wave) :: a, b, arr(3)
  complex :: z
  integer :: i

  a%phase = (3d0, 4d0)
  call show(a)
  ! complex part designators, as values and as targets
  a%amp%re = 5.0
  a%amp%im = -6.0
  a%taps(2)%im = 9.
  a%taps%re = a%taps%re + 1.
  print *, a%amp%re, a%amp%im, a%taps%re, a%taps%im
  print *, a%phase%im, a%exact%re, a%exact%im
  z = (1.5, -2.5)
  z%im = z%re * 2
  print *, z, z%re
  call set_part(a%amp%im, 0.25)
  call set_part(z%re, 8.0)
  print *, a%amp, z
  ! assignment copies everything, deeply
  b = a
  call scale(b, 2.0)
  call show(b)
  call show(a)
  ! constructors: all values, keywords, null() for the allocatable
  b = wave(1, (2., 3.), (4d0, 5d0), (6._16, 7._16), [(1., 1.), (2., 2.), (3., 3.)], null())
  call show(b)
  b = wave(phase=(0d0, 1d0), spectrum=[(9d0, 8d0), (7d0, 6d0), (5d0, 4d0)], id=2)
  call show(b)
  ! arrays of structures
  do i = 1, 3
    arr(i) = make(i)
  end do
  print *, arr%phase
  print *, arr%amp%re
  print *, arr(2)%spectrum(2)%im, arr(3)%spectrum%re
  arr%amp = [(0., 1.), (0., 2.), (0., 3.)]
  arr(2)%taps(3) = arr(1)%amp + arr(3)%amp
  print *, arr%amp, arr(2)%taps
  print *, sum(arr%phase), maxval(arr%amp%im)
  ! formatted output of components and of the whole structure
  print '(i3,2f6.2,2f8.3)', a%id, a%amp, a%phase
  print '(3(2f5.1,1x))', a%taps
  print '(i4, 4f6.1, 2f6.2, 6f5.1)', a%id, a%amp, a%phase, real(a%exact), aimag(a%exact), a%taps
  print *, abs(a%phase), conjg(a%amp), real(a%exact), aimag(a%exact)
  if (a%amp == (5.0, 0.25) .and. a%taps(2) /= (0., 0.)) print *, 'compare ok'
end program
