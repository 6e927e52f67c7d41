! associate inside an OpenACC compute construct is not yet implemented.
program p
  implicit none
  integer :: a(10), i
  a = 1
  !$acc parallel loop
  do i = 1, 10
    associate (x => a(i))
      x = x + 1
    end associate
  end do
  print *, a
end program
