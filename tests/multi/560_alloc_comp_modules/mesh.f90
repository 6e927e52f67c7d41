! Types with allocatable components of derived type, allocatable scalar components
! and a module allocatable array of derived type, used from another file through
! the module file.
module mesh_m
  implicit none
  type :: cell_data
    real(8), allocatable :: rho(:, :)
    integer, allocatable :: id
  end type
  type :: patch
    type(cell_data) :: f
    type(cell_data), allocatable :: halo
    integer :: lo = 1, hi = 0
  end type
  type :: mesh
    type(patch), allocatable :: patches(:)
    character(len=8) :: label = 'mesh'
  end type
  type(patch), allocatable :: spare(:)
contains
  subroutine build(m, n)
    type(mesh), intent(inout) :: m
    integer, intent(in) :: n
    integer :: p
    allocate(m%patches(n))
    do p = 1, n
      m%patches(p)%lo = p
      m%patches(p)%hi = p + 2
      allocate(m%patches(p)%f%rho(p:p + 2, 2))
      m%patches(p)%f%rho = p
      m%patches(p)%f%id = 100 + p
    end do
    allocate(m%patches(n)%halo)
    m%patches(n)%halo%id = -n
  end subroutine
end module
