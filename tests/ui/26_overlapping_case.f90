! Expected diagnostic: two case selectors overlap
program p
  implicit none
  integer :: k
  k = 3
  select case (k)
  case (1:5)
    print *, 'low'
  case (4)
    print *, 'four'
  end select
end program p
