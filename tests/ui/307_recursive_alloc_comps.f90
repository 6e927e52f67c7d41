! An allocatable component of the type being defined (a tree whose nodes own their
! children) is valid Fortran 2008 but not implemented yet: a located E0900 naming it (a
! component of a type not defined at all stays E0130 elsewhere).
module tree_m
  implicit none
  type :: node
    integer :: value = 0
    type(node), allocatable :: kids(:)
    class(node), allocatable :: next
  end type
end module
