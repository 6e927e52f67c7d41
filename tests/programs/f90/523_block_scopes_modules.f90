! BLOCK-local names shadowing use-associated module variables, host-associated variables
! of internal procedures and module variables in module procedures; automatic arrays of
! derived type in blocks of recursive procedures.
module counters_m
  implicit none
  integer :: cnt = 7
  real(8) :: level = 1.0d0
  type :: pair
    integer :: a, b
  end type pair
contains
  subroutine bump(k)
    integer, intent(in) :: k
    cnt = cnt + k
    block
      integer :: cnt, level
      cnt = -k
      level = 2 * cnt
      print '(A,2I5)', 'bump block:', cnt, level
    end block
    print '(A,I5,F6.2)', 'bump after:', cnt, level
  end subroutine bump

  recursive integer function tri(n) result(r)
    integer, intent(in) :: n
    r = 0
    if (n <= 0) return
    block
      type(pair) :: ps(n)
      integer :: i
      do i = 1, n
        ps(i) = pair(i, n)
      end do
      r = sum(ps%a) + tri(n - 1) - tri(n - 1)
    end block
  end function tri
end module counters_m

program block_scopes_modules
  use counters_m
  implicit none
  real :: host
  integer :: j
  host = 3.25
  block
    real :: cnt
    cnt = 2.5
    print '(A,F6.2)', 'program block cnt:', cnt
  end block
  print '(A,I4)', 'module cnt:', cnt
  call bump(5)
  print '(A,I4)', 'module cnt now:', cnt
  call inner()
  print '(A,F6.2)', 'host:', host
  do j = 1, 4
    print '(A,I2,I5)', 'tri', j, tri(j)
  end do
contains
  subroutine inner()
    host = host + 1
    block
      integer :: host
      host = 99
      print '(A,I4)', 'inner block host:', host
    end block
    host = host * 2
    block
      character(len=4) :: host
      host = 'abcd'
      print '(A,A)', 'inner block host: ', host
    end block
  end subroutine inner
end program block_scopes_modules
