program use_mesh
  use mesh_m
  implicit none
  type(mesh) :: m, c
  integer :: p
  call build(m, 3)
  c = m
  m%patches(2)%f%rho = 0
  m%patches(3)%halo%id = 0
  do p = 1, 3
    print *, p, c%patches(p)%lo, lbound(c%patches(p)%f%rho), sum(c%patches(p)%f%rho), &
      c%patches(p)%f%id, allocated(c%patches(p)%halo)
  end do
  print *, c%patches(3)%halo%id, allocated(c%patches(3)%halo%rho), c%label
  allocate(spare(2))
  spare(2) = c%patches(1)
  print *, spare(2)%f%id, shape(spare(2)%f%rho), allocated(spare(1)%f%rho)
  call move_alloc(c%patches, spare)
  print *, size(spare), allocated(c%patches), spare(3)%f%id
end program
