! Generic interfaces in a module: `module procedure` lists with integer, real, real(8),
! character and array specifics; functions and subroutines; used from another module.
module gen_basics
  implicit none
  interface swap
    module procedure swap_i, swap_r, swap_d
    module procedure swap_c
  end interface swap
  interface total
    procedure total_i1, total_r1, total_i2
  end interface
  interface describe
    module procedure describe_i, describe_r
  end interface
contains
  subroutine swap_i(a, b)
    integer, intent(inout) :: a, b
    integer :: t
    t = a; a = b; b = t
  end subroutine
  subroutine swap_r(a, b)
    real, intent(inout) :: a, b
    real :: t
    t = a; a = b; b = t
  end subroutine
  subroutine swap_d(a, b)
    real(8), intent(inout) :: a, b
    real(8) :: t
    t = a; a = b; b = t
  end subroutine
  subroutine swap_c(a, b)
    character(len=*), intent(inout) :: a, b
    character(len=len(a)) :: t
    t = a; a = b; b = t
  end subroutine
  integer function total_i1(v)
    integer, intent(in) :: v(:)
    total_i1 = sum(v)
  end function
  real function total_r1(v)
    real, intent(in) :: v(:)
    total_r1 = sum(v)
  end function
  integer function total_i2(m)
    integer, intent(in) :: m(:, :)
    total_i2 = sum(m) * 10
  end function
  subroutine describe_i(x, tag)
    integer, intent(in) :: x
    character(len=*), intent(in), optional :: tag
    if (present(tag)) then
      print '(a,a,i0)', tag, ' integer ', x
    else
      print '(a,i0)', 'integer ', x
    end if
  end subroutine
  subroutine describe_r(x)
    real, intent(in) :: x
    print '(a,f8.3)', 'real ', x
  end subroutine
end module gen_basics

module gen_user
  use gen_basics
  implicit none
contains
  subroutine run_user()
    integer :: i, j, m(2, 3)
    real :: x, y
    real(8) :: p, q
    character(len=5) :: s, t
    integer :: iv(4)
    real :: rv(3)
    i = 1; j = 2
    call swap(i, j)
    print *, i, j
    x = 1.5; y = -2.25
    call swap(x, y)
    print *, x, y
    p = 3.0d0; q = 4.5d0
    call swap(p, q)
    print *, p, q
    s = 'hello'; t = 'world'
    call swap(s, t)
    print *, s, ' ', t
    iv = [1, 2, 3, 4]
    rv = [0.5, 1.25, 2.0]
    m = reshape([1, 2, 3, 4, 5, 6], [2, 3])
    print *, total(iv), total(rv), total(m)
    print *, total(iv(2:3)) + total(m(:, 2:3))
    call describe(7)
    call describe(7, 'tagged')
    call describe(x=42, tag='kw')
    call describe(2.5)
  end subroutine
end module gen_user

program main
  use gen_user
  use gen_basics, only: swap, sw => swap
  implicit none
  integer :: a, b
  call run_user()
  a = 10; b = 20
  call swap(a, b)
  call sw(a, b)
  call sw(b, a)
  print *, a, b
end program main
