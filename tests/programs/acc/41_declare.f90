! `!$acc declare` in a module (the variables live on the device for the whole program:
! `update` reaches them, compute constructs find them present) and in procedures (a data
! region for the procedure's lifetime, copying back its `copy` items on return).
module tables
  implicit none
  integer :: tab(8)
  real(8) :: scale = 0.5d0
  integer :: hits
  !$acc declare create(tab)
  !$acc declare copyin(scale) create(hits)
contains
  subroutine fill(k)
    integer, intent(in) :: k
    integer :: i
    !$acc parallel loop present(tab)
    do i = 1, 8
      tab(i) = i * k
    end do
    !$acc update self(tab)
  end subroutine fill
end module tables

subroutine accumulate(c, n, early)
  use tables
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: c(n)
  logical, intent(in) :: early
  real(8) :: w(n)
  integer :: i
  !$acc declare copy(c) create(w)
  !$acc parallel loop present(w, tab, scale)
  do i = 1, n
    w(i) = tab(mod(i - 1, 8) + 1) * scale
  end do
  !$acc parallel loop present(c, w)
  do i = 1, n
    c(i) = c(i) + w(i)
  end do
  if (.not. early) then
    !$acc parallel loop present(c)
    do i = 1, n
      c(i) = c(i) * 2
    end do
  end if
end subroutine accumulate

program acc_declare
  use tables
  implicit none
  real(8) :: c(20)
  integer :: i, total
  interface
    subroutine accumulate(c, n, early)
      integer, intent(in) :: n
      real(8), intent(inout) :: c(n)
      logical, intent(in) :: early
    end subroutine accumulate
  end interface
  call fill(3)
  print '(8i4)', tab
  c = 1
  call accumulate(c, 20, .false.)
  print '(10f7.2)', c
  call accumulate(c, 20, .true.)
  print '(10f7.2)', c
  ! The host changes the table and sends it to the device copy.
  tab = tab + 100
  !$acc update device(tab)
  hits = 0
  total = 0
  !$acc update device(hits)
  !$acc parallel loop reduction(+:total) present(tab)
  do i = 1, 8
    total = total + tab(i)
  end do
  print *, 'total', total
  !$acc serial present(hits, tab)
  hits = tab(8) - tab(1)
  !$acc end serial
  !$acc update self(hits)
  print *, 'hits', hits
end program acc_declare
