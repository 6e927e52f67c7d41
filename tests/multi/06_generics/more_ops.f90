! Extends an imported generic and re-exports it.
module more_ops
  use kinds_ops
  implicit none
  interface label
    module procedure label_r
  end interface
contains
  subroutine label_r(x)
    real, intent(in) :: x
    print '(a,f6.2,a)', '{', x, '}'
  end subroutine
end module more_ops
