! Tests: select case on integer and logical selectors (values, lists, open and closed
! ranges, default in any position), named do/if/select/block constructs with exit and
! cycle by name, and block constructs with local declarations.
program select_case
  implicit none
  integer :: i, j, n, total
  logical :: flag

  do i = -3, 12
    select case (i)
    case (:-1)
      print *, i, 'negative'
    case (0)
      print *, i, 'zero'
    case (1, 3, 5, 7, 9)
      print *, i, 'odd digit'
    case (2, 4, 6, 8)
      print *, i, 'even digit'
    case (10:)
      print *, i, 'ten or more'
    end select
  end do

  do i = 1, 4
    select case (mod(i, 3))
    case default
      print *, i, 'default first'
    case (0)
      print *, i, 'multiple of 3'
    end select
  end do

  do i = 1, 2
    flag = i == 1
    select case (flag)
    case (.true.)
      print *, 'true branch'
    case (.false.)
      print *, 'false branch'
    end select
  end do

  ! No matching case and no default: nothing happens.
  n = 42
  select case (n)
  case (1:10)
    print *, 'never'
  end select

  total = 0
  outer: do i = 1, 10
    inner: do j = 1, 10
      if (j > i) cycle outer
      if (i * j > 20) exit outer
      total = total + i * j
    end do inner
  end do outer
  print *, 'total', total

  chk: if (total > 0) then
    print *, 'positive total'
    if (total > 100) exit chk
    print *, 'at most 100'
  else chk
    print *, 'not positive'
  end if chk

  sel: select case (total)
  case (0:99) sel
    print *, 'small'
  case default sel
    print *, 'large'
    if (total > 0) exit sel
    print *, 'unreachable'
  end select sel

  do i = 1, 5
    pick: select case (i)
    case (2, 4)
      cycle
    case default
      if (i == 5) exit pick
      print *, 'kept', i
    end select pick
  end do

  blk: block
    integer :: k, sq
    sq = 0
    do k = 1, 4
      sq = sq + k * k
    end do
    print *, 'sum of squares', sq
    if (sq > 10) exit blk
    print *, 'unreachable'
  end block blk

  block
    real :: half
    half = 0.5 * i
    print *, 'half', half
  end block
  print *, 'outer i', i
end program select_case
