module fm
  implicit none
  type :: res
    integer :: id = 0
  contains
    final :: res_final, res_final_arr
  end type
  type, extends(res) :: big
    integer :: extra = 0
  contains
    final :: big_final
  end type
  type :: plain
    integer :: n = 0
  contains
    final :: plain_final
  end type
  type, extends(plain) :: fancy
    integer :: m = 0
  end type
contains
  subroutine res_final(x)
    type(res), intent(inout) :: x
    print *, 'final res', x%id
  end subroutine
  subroutine res_final_arr(x)
    type(res), intent(inout) :: x(:)
    print *, 'final res array', size(x), x(1)%id, x(size(x))%id
    x%id = -1
  end subroutine
  subroutine big_final(x)
    type(big), intent(inout) :: x
    print *, 'final big', x%id, x%extra
  end subroutine
  subroutine plain_final(x)
    type(plain), intent(inout) :: x
    print *, 'final plain', x%n
  end subroutine
  subroutine scope_test(k)
    integer, intent(in) :: k
    type(res) :: local
    type(res), allocatable :: la
    type(plain) :: pl(2)
    class(res), allocatable :: cl
    local%id = 50
    allocate(la)
    la%id = 51
    pl%n = [52, 53]
    if (k > 0) then
      allocate(big :: cl)
      cl%id = 54
      print *, 'early return'
      return
    end if
    print *, 'leaving scope_test'
  end subroutine
  subroutine outarg(x)
    type(res), intent(out) :: x
    print *, 'in outarg'
    x%id = 60
  end subroutine
  subroutine outclass(x)
    class(res), intent(out) :: x
    print *, 'in outclass'
  end subroutine
  subroutine outalloc(x)
    class(res), allocatable, intent(out) :: x
    print *, 'in outalloc', allocated(x)
  end subroutine
end module

program p
  use fm
  implicit none
  type(res), allocatable :: a, arr(:)
  type(big), allocatable :: b, barr(:)
  type(fancy), allocatable :: f(:)
  type(res) :: r, s
  type(big) :: bb
  class(res), allocatable :: c
  integer :: i
  allocate(a)
  a%id = 1
  deallocate(a)
  allocate(arr(3))
  arr%id = [2, 3, 4]
  deallocate(arr)
  allocate(b)
  b%id = 5
  b%extra = 6
  deallocate(b)
  allocate(barr(2))
  barr%id = [7, 8]
  barr%extra = [70, 80]
  deallocate(barr)
  allocate(f(3))
  f%n = [9, 10, 11]
  deallocate(f)
  r%id = 12
  s%id = 13
  r = s
  print *, 'assigned without finalization', r%id
  call scope_test(0)
  call scope_test(1)
  r%id = 14
  call outarg(r)
  print *, r%id
  bb%id = 15
  call outclass(bb)
  call outclass(r)
  allocate(big :: c)
  c%id = 16
  call outalloc(c)
  allocate(big :: c)
  c%id = 17
  deallocate(c)
  allocate(c)
  c%id = 18
  deallocate(c)
  do i = 1, 2
    allocate(a)
    a%id = 20 + i
    deallocate(a)
  end do
  print *, 'end'
end program
