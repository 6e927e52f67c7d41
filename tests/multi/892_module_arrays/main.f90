program main
  use users
  implicit none
  integer :: k
  k = 2
  print *, squares(k), grid(k, 3), halves(k), sum(squares), shape(grid)
  print *, counts, first%key, first%name, first%vals
  print *, book(3)%key, book(3)%name, book(3)%vals
  call fill(k)
  call fill(3)
  print *, counts, sum(field), field(2, 1, 2)
  print '(3(a, "|"))', labels
  do k = 1, 3
    print *, book(k)%key, book(k)%name, book(k)%vals
  end do
end program main
