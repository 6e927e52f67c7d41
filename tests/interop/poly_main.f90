! Compiled by gpuf or gfortran: builds objects of the hierarchy and passes them to
! `class` dummies, shares a common block with both other files and passes pointers and
! targets to pointer dummies of poly_procs.f90.
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
    subroutine tally(s)
      use polyt
      class(shape), intent(in) :: s
    end subroutine
    subroutine sum_ids(a, n)
      use polyt
      class(shape), intent(inout) :: a(:)
      integer, intent(in) :: n
    end subroutine
    subroutine make_shapes(a, k, n)
      use polyt
      class(shape), allocatable, intent(out) :: a(:)
      integer, intent(in) :: k, n
    end subroutine
    function pick(k) result(s)
      use polyt
      integer, intent(in) :: k
      class(shape), allocatable :: s
    end function
    subroutine gf_clone(s)
      use polyt
      class(shape), intent(in) :: s
    end subroutine
    subroutine point_into(a, p, c, cp, first)
      use polyt
      integer, target, intent(in) :: a(:)
      integer, pointer, intent(out) :: p(:)
      type(circle), target, intent(inout) :: c
      type(circle), pointer, intent(out) :: cp
      integer, pointer, intent(in) :: first
    end subroutine
  end interface
  integer :: ncalls, idsum
  real(8) :: rsum
  common /counts/ ncalls, idsum, rsum
  integer, target :: arr(7) = [10, 20, 30, 40, 50, 60, 70]
  integer, pointer :: p(:), first
  type(circle), pointer :: cp
  class(shape), allocatable :: made, kept
  integer :: k
  type(shape) :: sh
  type(circle), target :: c
  type(square) :: sq
  type(cube) :: cb
  type(cube) :: cubes(4)
  class(shape), allocatable :: many(:)
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
  ncalls = 0
  idsum = 100
  rsum = 0.25d0
  call tally(sh)
  call tally(c)
  call tally(cb)
  call gf_tally('main')
  do k = 1, 4
    cubes(k)%id = k
    cubes(k)%side = real(k)
  end do
  call sum_ids(cubes, 100)
  call sum_ids(cubes(4:1:-2), 1)
  call gf_say('cubes', sum(cubes%id), sum(cubes%side))
  do k = 1, 2
    call make_shapes(many, k, k + 1)
    call sum_ids(many, 5)
  end do
  call describe(pick(1))
  call describe(pick(2))
  made = pick(1)
  call gf_clone(made)
  call gf_clone(c)
  call gf_clone(cb)
  call gf_clone(many(2))
  first => arr(1)
  call point_into(arr, p, c, cp, first)
  call gf_say('section', sum(p) + 1000 * size(p), cp%r)
  p(1) = -1
  cp%id = 77
  call gf_say('through', arr(2), real(c%id))
  call gf_say('associated', merge(1, 0, associated(cp, c)), real(ubound(p, 1)))
end program
