! A chain of modules as in a physics code: constants, a grid module using them, a field
! module using the grid with renamed entities, and a main program using only parts of
! each; module variables set in one module's procedure and read through another, and
! the same name imported under two local names.
module constants
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  real(wp), parameter :: half = 0.5_wp, quarter = 0.25_wp
  integer, parameter :: nmax = 32
end module constants

module grid
  use constants
  implicit none
  integer :: npts = 0
  real(wp) :: xg(32), dx = 0
contains
  subroutine make_grid(n, a, b)
    integer, intent(in) :: n
    real(wp), intent(in) :: a, b
    integer :: i
    npts = n
    dx = (b - a) / (n - 1)
    do i = 1, n
      xg(i) = a + (i - 1) * dx
    end do
  end subroutine make_grid
end module grid

module field
  use constants, only: wp, q => quarter
  use grid, only: np => npts, x => xg, h => dx
  implicit none
  real(wp) :: f(32), df(32)
contains
  subroutine fill_field()
    integer :: i
    do i = 1, np
      f(i) = x(i)**2 * q
    end do
  end subroutine fill_field
  subroutine differentiate()
    integer :: i
    df(1) = (f(2) - f(1)) / h
    df(np) = (f(np) - f(np-1)) / h
    do i = 2, np - 1
      df(i) = (f(i+1) - f(i-1)) / (2 * h)
    end do
  end subroutine differentiate
end module field

program module_chain
  use constants, only: wp, half
  use grid, only: make_grid, npts, spacing => dx, points => xg
  use field
  use grid, only: n_again => npts
  implicit none
  call make_grid(9, -2.0_wp, 2.0_wp)
  print '(A,I3,A,F8.4,A,I3)', 'points:', npts, ' spacing:', spacing, ' alias:', n_again
  print '(9F7.3)', points(1:npts)
  call fill_field()
  call differentiate()
  print '(9F7.3)', f(1:np)
  print '(9F7.3)', df(1:np)
  print '(A,L2)', 'interior derivative exact (x/2):', &
    all(abs(df(2:np-1) - half * x(2:np-1)) < 1.0e-12_wp)
  call make_grid(5, 0.0_wp, 1.0_wp)
  call fill_field()
  print '(A,I3,5F8.4)', 'regridded:', np, f(1:np)
end program module_chain
