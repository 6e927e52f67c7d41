! Arrays of character variables: local, automatic-length, allocatable and parameter
! arrays of rank 1 and 2; element assignment, whole-array assignment from scalars,
! arrays and constructors, rank-1 sections; printing, reading elements from a file,
! passing whole arrays and elements to procedures (assumed and explicit length), and
! intrinsics on elements.
program char_arrays
  implicit none
  character(len=3), parameter :: days(7) = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
  character(len=10) :: names(4), copy(4)
  character(len=2) :: grid(2, 3)
  character(len=6), allocatable :: tags(:)
  integer :: i, j, u
  names = 'none'
  print *, names
  names(2) = 'beta'
  names(4) = 'a much longer name'
  print '(4("[",A,"]"))', names
  copy = names
  copy(1) = 'alpha'
  names = ['one  ', 'two  ', 'three', 'four ']
  print '(A)', (trim(names(i)) // '/' // trim(copy(i)), i = 1, 4)
  print *, days
  print '(7(A,1X))', days(7:1:-1)
  print *, len(days), size(days), len_trim(names(3)), index(names(3), 'e')
  do j = 1, 3
    do i = 1, 2
      grid(i, j) = achar(iachar('a') + i - 1) // achar(iachar('0') + j)
    end do
  end do
  print *, grid
  print '(3(A,1X))', grid(2, :)
  allocate(tags(3))
  print *, allocated(tags), size(tags)
  tags = [character(len=6) :: 'x', 'yy', 'zzzzzzzz']
  tags(2:3) = days(1:2)
  print '(3A)', tags
  call show(days, 7)
  call longest(names, 4)
  print *, count_char(copy, 4, 'a')
  u = 11
  open(u, file='words.txt', status='replace')
  write(u, '(A)') 'first line', 'second', 'third word'
  close(u)
  open(10, file='words.txt', status='old')
  do i = 1, 3
    read(10, '(A)') names(i)
  end do
  close(10)
  print '(A)', names(1:3)
  deallocate(tags)
  print *, allocated(tags)
contains
  subroutine show(list, n)
    integer, intent(in) :: n
    character(len=*), intent(in) :: list(n)
    integer :: k
    do k = 1, n, 2
      write(*, '(A,I2,A,A)') 'item', k, ': ', list(k)
    end do
    print *, 'length', len(list)
  end subroutine show
  subroutine longest(list, n)
    integer, intent(in) :: n
    character(len=*), intent(inout) :: list(*)
    integer :: k, best
    best = 1
    do k = 2, n
      if (len_trim(list(k)) > len_trim(list(best))) best = k
    end do
    print *, 'longest ', trim(list(best)), best
    list(best) = upper(list(best))
    print *, list(best)
  end subroutine longest
  function upper(s) result(r)
    character(len=*), intent(in) :: s
    character(len=len(s)) :: r
    integer :: k
    r = s
    do k = 1, len(s)
      if (s(k:k) >= 'a' .and. s(k:k) <= 'z') r(k:k) = achar(iachar(s(k:k)) - 32)
    end do
  end function upper
  integer function count_char(list, n, c)
    integer, intent(in) :: n
    character(len=10), intent(in) :: list(n)
    character(len=1), intent(in) :: c
    integer :: k, m
    count_char = 0
    do k = 1, n
      do m = 1, len_trim(list(k))
        if (list(k)(m:m) == c) count_char = count_char + 1
      end do
    end do
  end function count_char
end program char_arrays
