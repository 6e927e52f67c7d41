! Scalars in memory that a compute construct does not reference are not read when it
! starts: an unassociated scalar pointer and an absent optional dummy in scope (both
! crashed at the region's start before), next to a referenced pointer scalar.
program unused_absent_scalars
  implicit none
  integer :: total
  integer, pointer :: p, q
  integer, target :: t
  total = 1
  nullify(p)
  t = 5
  q => t
  !$acc serial copy(total)
  total = total + q
  !$acc end serial
  print *, total, associated(p)
  call scale_by(total)
  print *, total
  call scale_by(total, 3)
  print *, total
contains
  subroutine scale_by(x, k)
    integer, intent(inout) :: x
    integer, intent(in), optional :: k
    integer :: y, i
    y = x
    !$acc parallel loop reduction(+:y)
    do i = 1, 4
      y = y + 1
    end do
    if (present(k)) y = y * k
    x = y
  end subroutine
end program
