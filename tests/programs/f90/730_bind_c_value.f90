! bind(c) procedures (with and without name=), the value attribute, and interfaces to C
! library functions taking values and C strings.
module cbind_m
  use iso_c_binding, only: c_int, c_double, c_long, c_char, c_size_t, c_null_char, c_int8_t, c_bool, c_float
  implicit none
  interface
    function c_abs(x) bind(c, name="abs") result(r)
      import :: c_int
      integer(c_int), value :: x
      integer(c_int) :: r
    end function
    function c_pow(x, y) bind(c, name="pow")
      import :: c_double
      real(c_double), value :: x, y
      real(c_double) :: c_pow
    end function
    function labs(x) bind(c)
      import :: c_long
      integer(c_long), value :: x
      integer(c_long) :: labs
    end function
    function strlen(s) bind(c)
      import :: c_char, c_size_t
      character(kind=c_char), dimension(*) :: s
      integer(c_size_t) :: strlen
    end function
    function atoi(s) bind(c)
      import
      character(kind=c_char) :: s(*)
      integer(c_int) :: atoi
    end function
    function toupper(c) bind(c)
      import :: c_int
      integer(c_int), value :: c
      integer(c_int) :: toupper
    end function
    function fabsf(x) bind(c)
      import :: c_float
      real(c_float), value :: x
      real(c_float) :: fabsf
    end function
  end interface
contains
  integer(c_int) function twice(x) bind(c, name="f_twice")
    integer(c_int), value :: x
    twice = 2 * x
  end function
  subroutine addto(a, b) bind(c)
    integer(c_int), intent(inout) :: a
    integer(c_int), value :: b
    ! A value dummy is a local copy: changing it leaves the actual alone.
    b = b + 1
    a = a + b
  end subroutine
  integer function small(i, flag) bind(c)
    integer(c_int8_t), value :: i
    logical(c_bool), value :: flag
    if (flag) then
      small = i * 2
    else
      small = -i
    end if
  end function
end module

program p
  use cbind_m
  implicit none
  integer(c_int) :: k, b
  character(len=20, kind=c_char) :: buf
  character(kind=c_char, len=8) :: word
  integer :: i
  logical(c_bool) :: yes, no
  yes = .true.
  no = .false.
  k = 5
  b = 10
  print *, c_abs(-7), c_pow(2.0d0, 10.0d0), labs(-123456789012_c_long)
  print *, twice(21), twice(k + 1), twice(int(3.7))
  call addto(k, b)
  print *, k, b
  print *, small(-5_c_int8_t, yes), small(7_c_int8_t, no)
  buf = "hello" // c_null_char
  print *, strlen(buf), strlen("abc" // c_null_char), atoi("  -42x" // c_null_char)
  word = "gpuf"
  do i = 1, len_trim(word)
    word(i:i) = achar(toupper(iachar(word(i:i))))
  end do
  print *, word, fabsf(-2.5)
end program
