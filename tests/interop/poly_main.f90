! Compiled by gpuf or gfortran: builds objects of the hierarchy and passes them to
! `class` dummies.
program poly_main
  use polyt
  implicit none
  interface
    subroutine describe(s)
      use polyt
      class(shape), intent(in) :: s
    end subroutine
    subroutine bump(s, k)
      use polyt
      class(shape), intent(inout) :: s
      integer, intent(in) :: k
    end subroutine
    subroutine square_info(q)
      use polyt
      class(square), intent(in) :: q
    end subroutine
  end interface
  type(shape) :: sh
  type(circle) :: c
  type(square) :: sq
  type(cube) :: cb
  sh%id = 1
  c = circle(2, 0.5)
  sq%id = 3
  cb%id = 4
  cb%side = 8.0
  call describe(sh)
  call describe(c)
  call describe(sq)
  call describe(cb)
  call bump(c, 10)
  call bump(cb, 20)
  call gf_say('bumped', c%id + cb%id, c%r + cb%side)
  call square_info(sq)
  call square_info(cb)
end program
