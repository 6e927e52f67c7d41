! Types defined in one module and used by another module and the program (`only:` lists),
! module variables of derived type holding state between calls, saved local structures.
module kinds_and_types
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: maxn = 8
  type :: account
    integer :: id = 0
    real(dp) :: balance = 0.0_dp
    integer :: nops = 0
    real(dp) :: log(maxn) = 0.0_dp
  end type account
end module kinds_and_types

module bank
  use kinds_and_types, only: account, dp, maxn
  implicit none
  type(account) :: accounts(3)
  type(account) :: house
  integer :: nopen = 0
contains
  integer function open_account(initial)
    real(dp), intent(in) :: initial
    nopen = nopen + 1
    accounts(nopen)%id = 1000 + nopen
    call deposit(accounts(nopen), initial)
    open_account = nopen
  end function open_account

  subroutine deposit(a, amount)
    type(account), intent(inout) :: a
    real(dp), intent(in) :: amount
    a%balance = a%balance + amount
    a%nops = a%nops + 1
    if (a%nops <= maxn) a%log(a%nops) = amount
    house%balance = house%balance + 0.01_dp * abs(amount)
    house%nops = house%nops + 1
  end subroutine deposit

  subroutine transfer(from, to, amount)
    integer, intent(in) :: from, to
    real(dp), intent(in) :: amount
    call deposit(accounts(from), -amount)
    call deposit(accounts(to), amount)
  end subroutine transfer

  integer function ticket()
    type(account), save :: counter
    counter%nops = counter%nops + 1
    ticket = counter%nops
  end function ticket
end module bank

program dt_modules
  use kinds_and_types, only: account, dp
  use bank, only: accounts, house, open_account, transfer, ticket, nopen
  implicit none
  type(account) :: snapshot
  integer :: i, k
  k = open_account(100.0_dp)
  k = open_account(50.0_dp)
  k = open_account(0.0_dp)
  call transfer(1, 3, 25.5_dp)
  call transfer(2, 1, 10.0_dp)
  call transfer(3, 2, 5.25_dp)
  do i = 1, nopen
    print '(i5, f10.3, i3, 4f9.3)', accounts(i)%id, accounts(i)%balance, accounts(i)%nops, accounts(i)%log(1:4)
  end do
  print '(a, f8.4, i4)', 'house', house%balance, house%nops
  snapshot = accounts(1)
  call transfer(1, 2, 1.0_dp)
  print '(2f10.3)', snapshot%balance, accounts(1)%balance
  print *, ticket(), ticket(), ticket()
  print *, sum(accounts%id * 0) + sum([(accounts(i)%nops, i = 1, 3)])
end program dt_modules
