! Uses gf_alloc_mod.f90 (see there).
program gf_alloc_main
  use gam
  implicit none
  type(named) :: nm, nm2
  type(mesh) :: m, c, d
  type(patch), allocatable :: ps(:)
  integer :: p
  print *, allocated(nbuilt), allocated(last)
  call build(m, 3)
  print *, nbuilt, last%lo, last%f%id, last%halo%id, shape(last%f%rho)
  deallocate(last)
  call build(c, 2)
  print *, nbuilt, last%lo, allocated(last%halo)
  nbuilt = 10
  c = m
  m%patches(2)%f%rho = 0
  m%patches(3)%halo%id = 0
  do p = 1, 3
    print *, p, c%patches(p)%lo, lbound(c%patches(p)%f%rho), sum(c%patches(p)%f%rho), &
      c%patches(p)%f%id, allocated(c%patches(p)%halo)
  end do
  print *, c%patches(3)%halo%id, allocated(c%patches(3)%halo%rho), c%label, total(c), total(m)
  do p = 1, 3
    call add_patch(ps, p)
  end do
  print *, size(ps), (ps(p)%f%id, shape(ps(p)%f%rho), p = 1, 3)
  call move_alloc(ps, c%patches)
  print *, allocated(ps), size(c%patches), total(c)
  allocate(c%patches(3)%halo)
  c%patches(3)%halo = m%patches(1)%f
  print *, c%patches(3)%halo%id, shape(c%patches(3)%halo%rho)
  call build(d, 1)
  print *, nbuilt, last%lo
  nm%id = 4
  call name_it(nm, 'abc')
  print *, nm%id, nm%name, len(nm%name), nm%tag, nm%note
  nm2 = nm
  nm%name = 'changed'
  call name_it(nm2, nm2%name)
  print *, nm%name, ' ', nm2%name, len(nm2%note), nm2%tag
end program
