! Arrays whose bounds come from another module's constants and expressions of them.
module field_m
  use consts_m
  implicit none
  integer, parameter :: ncell = nmax * 2 - 1
  real(8) :: xg(nmax)
  integer :: cells(base:ncell)
  character(len=wlen + 1) :: tags(nmax)
contains
  subroutine setup()
    integer :: i
    do i = 1, nmax
      xg(i) = 0.25d0 * i
      write (tags(i), '(A,I1)') 'tag', i
    end do
    cells = [(i * 3, i = base, ncell)]
  end subroutine setup
end module field_m
