! A member of a whole array of structures (`t%n`, `t(1:2)%n`) in a data clause is not
! implemented yet: name one element's member (`t(2)%n`).
program member_of_structure_array
  implicit none
  type holder
    integer :: n
    real, allocatable :: v(:)
  end type
  type(holder) :: t(3)
  !$acc enter data copyin(t%n)
  !$acc update self(t(1:2)%n)
  !$acc enter data copyin(t(2)%n, t(2)%v)
end program
