! A small simulation with a polymorphic update: an array of bodies of different
! kinds, each advanced through a class(body) dummy.
module bodies
  implicit none
  type :: body
    integer :: pos = 0
    integer :: steps = 0
  contains
    procedure :: advance => body_advance
    procedure :: report
  end type
  type, extends(body) :: runner
    integer :: speed = 2
  contains
    procedure :: advance => runner_advance
  end type
  type, extends(runner) :: jumper
    integer :: jump = 5
  contains
    procedure :: advance => jumper_advance
  end type
contains
  subroutine body_advance(self)
    class(body), intent(inout) :: self
    self%steps = self%steps + 1
  end subroutine
  subroutine runner_advance(self)
    class(runner), intent(inout) :: self
    call body_advance(self)
    self%pos = self%pos + self%speed
  end subroutine
  subroutine jumper_advance(self)
    class(jumper), intent(inout) :: self
    call runner_advance(self)
    if (mod(self%steps, 3) == 0) self%pos = self%pos + self%jump
  end subroutine
  subroutine report(self, tag)
    class(body), intent(in) :: self
    character(*), intent(in) :: tag
    print '(a, 2i5)', tag, self%pos, self%steps
  end subroutine
  subroutine run(b, n)
    class(body), intent(inout) :: b
    integer, intent(in) :: n
    integer :: i
    do i = 1, n
      call b%advance()
    end do
  end subroutine
  subroutine plain(b)
    type(body), intent(in) :: b
    print *, 'plain view', b%pos
  end subroutine
  subroutine view(b)
    class(body), intent(in) :: b
    call plain(b)
  end subroutine
end module

program sim
  use bodies
  implicit none
  type(body) :: b
  type(runner) :: r(3)
  type(jumper) :: j
  integer :: i
  call run(b, 4)
  do i = 1, 3
    r(i)%speed = i
    call run(r(i), 2 * i)
  end do
  call run(j, 7)
  call b%report('body  ')
  do i = 1, 3
    call r(i)%report('runner')
  end do
  call j%report('jumper')
  call view(j)
  call j%runner%advance()
  call j%body%advance()
  call j%report('after ')
end program
