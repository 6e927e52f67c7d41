! do concurrent local/local_init of pointers (the association is the construct's own: the
! outer pointer keeps its target; local_init starts each iteration at the outer target)
! and of a structure with allocatable components (a deep copy per iteration; local starts
! each iteration with them unallocated). gfortran 12 has no locality specs: the output is
! checked against a file, worked out by hand.
program do_concurrent_local_pointers
  implicit none
  type t
    real, allocatable :: v(:)
    integer :: n = 0
  end type
  integer, target :: tgt(4) = [1, 2, 3, 4], big(6) = [10, 20, 30, 40, 50, 60]
  integer, pointer :: p, q(:)
  type(t) :: s
  integer :: i
  p => tgt(1)
  q => big(2:5)
  do concurrent (i = 1:4) local(p)
    p => tgt(i)
    p = p * 10
  end do
  print *, tgt, p
  do concurrent (i = 1:3) local_init(p, q)
    p = p + i
    q(i) = q(i) + 1
    q => big(i:i+1)
    q(1) = q(1) + 100
  end do
  print *, tgt, p, big, size(q), q
  s%v = [1.0, 2.0]
  s%n = 5
  do concurrent (i = 1:3) local_init(s)
    s%v(1) = s%v(1) + i
    s%n = s%n + i
    tgt(i) = int(s%v(1)) + s%n
  end do
  print *, tgt, s%v, s%n
  do concurrent (i = 1:2) local(s)
    allocate(s%v(i + 1))
    s%v = i
    tgt(i) = int(sum(s%v))
    s%n = -1
  end do
  print *, tgt, s%v, s%n, allocated(s%v)
end program
