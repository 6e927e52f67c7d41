! A module compiled by gfortran whose types have allocatable components (arrays,
! scalars, of derived type, nested) and whose procedures take them and allocatable
! arrays of them; gf_alloc_main.f90, compiled by gpuf, uses it through gfortran's own
! module file.
module gam
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
  ! Module allocatable scalars: gfortran's globals are their data pointers.
  integer, allocatable :: nbuilt
  ! Deferred-length character components (gfortran's hidden lengths in the module file).
  type :: named
    integer :: id = 0
    character(:), allocatable :: name
    character(4) :: tag = 'none'
    character(:), allocatable :: note
  end type
  type(patch), allocatable :: last
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
    if (.not. allocated(nbuilt)) nbuilt = 0
    nbuilt = nbuilt + 1
    last = m%patches(n)
  end subroutine
  subroutine add_patch(ps, lo)
    type(patch), allocatable, intent(inout) :: ps(:)
    integer, intent(in) :: lo
    type(patch) :: p
    p%lo = lo
    p%hi = lo + 1
    p%f%id = lo
    allocate(p%f%rho(1, lo))
    p%f%rho = 0.5d0
    if (allocated(ps)) then
      ps = [ps, p]
    else
      ps = [p]
    end if
  end subroutine
  real(8) function total(m)
    type(mesh), intent(in) :: m
    integer :: p
    total = 0
    do p = 1, size(m%patches)
      total = total + sum(m%patches(p)%f%rho)
    end do
  end function
  subroutine name_it(x, s)
    type(named), intent(inout) :: x
    character(*), intent(in) :: s
    x%name = s // '!'
    x%note = repeat(s, 2)
    x%tag = 'gf'
  end subroutine
end module
