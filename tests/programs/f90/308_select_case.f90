! select case on integers (single values, lists, open and closed ranges, default), on
! characters (ranges and lists of strings of different lengths) and on logicals, inside
! loops with cycle and exit, and named select constructs.
program select_case
  implicit none
  integer :: i, counts(5)
  character(len=8) :: words(7)
  character(len=8) :: w
  logical :: flag
  counts = 0
  do i = -5, 25, 3
    select case (i)
    case (:-1)
      counts(1) = counts(1) + 1
    case (0, 1, 2)
      counts(2) = counts(2) + 1
    case (3:9)
      counts(3) = counts(3) + 1
    case (10:19, 21)
      counts(4) = counts(4) + 1
    case default
      counts(5) = counts(5) + 1
    end select
  end do
  print *, 'counts', counts
  words = [character(len=8) :: 'apple', 'kiwi', 'zebra', 'mango', 'Apple', 'banana', 'cherry']
  do i = 1, 7
    w = words(i)
    kind_of: select case (w)
    case ('apple', 'banana', 'cherry')
      print '(A,A)', trim(w), ': fruit a-c'
    case ('k':'n')
      print '(A,A)', trim(w), ': k to n'
    case ('A':'Z')
      print '(A,A)', trim(w), ': capital'
    case default kind_of
      print '(A,A)', trim(w), ': other'
    end select kind_of
  end do
  do i = 1, 4
    flag = mod(i, 2) == 0
    select case (flag)
    case (.true.)
      print *, i, 'even'
    case (.false.)
      print *, i, 'odd'
    end select
  end do
  print *, classify(-3), classify(0), classify(7), classify(100)
contains
  integer function classify(x)
    integer, intent(in) :: x
    select case (x)
    case (:-1)
      classify = -1
    case (0)
      classify = 0
    case (1:99)
      classify = 1
    case default
      classify = 2
    end select
  end function classify
end program select_case
