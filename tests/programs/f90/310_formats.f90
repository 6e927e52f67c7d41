! Formatted output: I with widths and minimum digits, F, E, ES, EN, G, D with various
! widths and precisions, L, A with and without width, X, T-free spacing, /, repeat counts,
! nested groups with repeats, format reversion, sign and rounding cases, overflow stars.
program formats
  implicit none
  integer :: i, iv(6)
  real :: x
  real(8) :: d
  iv = [1, -22, 333, -4444, 55555, 0]
  print '(I5)', 42
  print '(I5.3)', 7
  print '(I1)', 12
  print '(3I4)', iv(1:3)
  print '(2(I3,1X))', iv
  print '(A,I0,A,I0)', 'zero-width ', 1234, ' and ', -5
  x = 3.14159
  d = -2.718281828459045d0
  print '(F8.3)', x
  print '(F10.5)', d
  print '(F6.1)', 0.05
  print '(F4.1)', 123.0
  print '(E12.4)', x
  print '(ES12.4)', d
  print '(EN12.3)', 12345.678
  print '(G12.4)', x
  print '(G12.4)', 1.0e10
  print '(D14.6)', d
  print '(F0.3)', x
  print '(L3,L2)', .true., .false.
  print '(A)', 'plain'
  print '(A8,A3)', 'right', 'truncated'
  print '(3X,A,2X,A)', 'a', 'b'
  print '(A,/,A)', 'line1', 'line2'
  print '(2(A,I2,:,", "))', 'x', 1, 'y', 2
  print '(3F7.2)', (real(i) / 3.0, i = 1, 7)
  print '(I3,(2F6.1))', 1, 2.0, 3.0, 4.0, 5.0
  print '(SP,I4,F6.1,SS,I4)', 5, 2.5, 5
  print '(F5.2,F5.0,F5.1)', -0.004, 2.5, -9.95
  print '(ES10.2E3)', 6.02e23
  print '(I3)', 1000
  do i = 1, 3
    print '(A,I1,A,F0.1)', 'row ', i, ': ', i * 1.5
  end do
end program formats
