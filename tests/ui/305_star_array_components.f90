! `class(*)` pointer array components are not implemented yet: a located E0900 naming
! them (scalar `class(*)` components and allocatable array ones are).
module any_arrays
  implicit none
  type :: bucket
    class(*), allocatable :: one
    class(*), allocatable :: many(:)
    class(*), pointer :: view(:, :) => null()
  end type
end module
