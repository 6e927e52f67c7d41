! Final procedures: an unknown name or a wrong interface is E0137, two for one rank (also
! rank 2) or two elemental ones too.
module m
  implicit none
  type :: t
    integer :: i = 0
  contains
    final :: nowhere
    final :: two_args
    final :: one, again
    final :: grid, grid_again
    final :: each, each_again
  end type
contains
  subroutine two_args(x, y)
    type(t), intent(inout) :: x
    integer :: y
  end subroutine
  subroutine one(x)
    type(t), intent(inout) :: x
  end subroutine
  subroutine again(x)
    type(t), intent(inout) :: x
  end subroutine
  subroutine grid(x)
    type(t), intent(inout) :: x(:, :)
  end subroutine
  subroutine grid_again(x)
    type(t), intent(inout) :: x(2, 2)
  end subroutine
  elemental subroutine each(x)
    type(t), intent(inout) :: x
  end subroutine
  elemental subroutine each_again(x)
    type(t), intent(inout) :: x
  end subroutine
end module
