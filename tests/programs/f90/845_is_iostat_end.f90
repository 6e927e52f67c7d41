! is_iostat_end on the iostat values of list-directed reads of standard input up to its end.
program iost
  implicit none
  integer :: ios, n, k, total
  k = 0
  total = 0
  do
    read(*, *, iostat=ios) n
    if (is_iostat_end(ios)) exit
    print *, n, ios, is_iostat_end(ios), is_iostat_eor(ios)
    k = k + 1
    total = total + n
  end do
  print *, 'end', k, total, is_iostat_end(ios), is_iostat_eor(ios), ios < 0
end program
