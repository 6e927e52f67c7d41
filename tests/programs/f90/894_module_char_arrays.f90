! Character module variables in the module's object, as gfortran lays them out: arrays
! and scalars with initial values (blank-padded, concatenations of constants), a `data`
! statement, a named constant array indexed at run time (an object of the module too),
! substrings and whole-array assignment from several units.
module words
  implicit none
  character(len=6) :: names(4) = ['alpha ', 'beta  ', 'gamma ', 'delta ']
  character(len=3) :: codes(2, 3)
  character(len=8) :: title = 'words'
  character(len=2) :: pair(3)
  character(len=5), parameter :: units(3) = ['metre', 'gram ', 'sec  ']
  character :: letters(5) = ['v', 'w', 'x', 'y', 'z']
  character(len=*), parameter :: pre = 'pre'
  character(len=6) :: joined(2) = ['ab' // 'cd', pre // '-']
  character(len=8) :: label = pre // '-' // 'x'
  data pair / 'ab', 'cd', 'ef' /
contains
  subroutine relabel(k, s)
    integer, intent(in) :: k
    character(len=*), intent(in) :: s
    names(k) = s
    names(k)(1:1) = letters(k)
    title(6:8) = '+' // pair(k)
  end subroutine relabel
end module words

subroutine fill_codes()
  use words
  implicit none
  integer :: i, j
  do j = 1, 3
    do i = 1, 2
      codes(i, j) = letters(i + j) // pair(j)
    end do
  end do
end subroutine fill_codes

program module_char_arrays
  use words
  implicit none
  integer :: k
  print '(4(a, "|"))', names
  print '(a, "|", 3a, "|", 5a)', title, pair, letters
  print '(2(a, "|"), a, "|")', joined, label
  call relabel(2, 'BETA-2')
  call relabel(3, 'G')
  print '(4(a, "|"))', names
  print '(a, "|")', title
  call fill_codes()
  print '(6(a, 1x))', codes
  do k = 1, 3
    print '(i2, 1x, a, i3)', k, units(k), len_trim(units(k))
  end do
  names = names(4:1:-1)
  print '(4(a, "|"))', names
  print *, len(names), size(codes), index(title, '+')
end program module_char_arrays
