module counters
  implicit none
  type :: counter
    integer :: n = 0
  contains
    procedure, nopass :: describe
    procedure, nopass :: twice => double_it
    procedure, nopass :: scale_i, scale_r
    generic :: scale => scale_i, scale_r
  end type
  type, extends(counter) :: fancy
    integer :: extra = 5
  contains
    procedure, nopass :: describe => describe_fancy
  end type
contains
  subroutine describe(k)
    integer, intent(in) :: k
    print *, 'counter', k
  end subroutine
  subroutine describe_fancy(k)
    integer, intent(in) :: k
    print *, 'fancy counter', k
  end subroutine
  integer function double_it(i)
    integer, intent(in) :: i
    double_it = 2 * i
  end function
  integer function scale_i(i)
    integer, intent(in) :: i
    scale_i = 10 * i
  end function
  real function scale_r(x)
    real, intent(in) :: x
    scale_r = 0.5 * x
  end function
end module

program p
  use counters
  implicit none
  type(counter) :: c
  type(fancy) :: f
  c%n = 3
  call c%describe(c%n)
  call f%describe(f%extra)
  print *, c%twice(c%n), f%twice(7)
  print *, c%scale(4), c%scale(3.0), f%scale(2)
  f%n = f%twice(f%extra) + c%scale(1)
  print *, f%n, f%counter%n
end program
