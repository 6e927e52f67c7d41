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
    subroutine make_shape(s, k)
      use polyt
      class(shape), allocatable, intent(out) :: s
      integer, intent(in) :: k
    end subroutine
    subroutine any_info(x)
      class(*), intent(in) :: x
    end subroutine
  end interface
  class(shape), allocatable :: made, kept
  integer :: k
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
  do k = 1, 3
    call make_shape(made, k)
    call describe(made)
  end do
  call move_alloc(made, kept)
  call gf_say('moved', kept%id, 0.0)
  call describe(kept)
  deallocate(kept)
  call any_info(42)
  call any_info(2.5)
  call any_info('twelve chars')
  call any_info(cb)
  call any_info(1.0d0)
end program
