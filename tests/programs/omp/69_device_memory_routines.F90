! flags: -fopenmp
! OpenMP's device memory routines (`bind(c)` in `omp_lib`, defined by gpuf's run time):
! `omp_target_alloc`/`free`, `omp_target_memcpy` (with offsets), `omp_target_memcpy_rect`
! of a sub-volume, the `_async` forms with a `depobj`, and `omp_target_is_present`; the
! device block is used in target regions through `is_device_ptr` and `c_f_pointer`.
! gfortran 12 has no `_async` forms: its build (without `__GPUF__`) calls the others.
program device_memory_routines
  use iso_c_binding
  use omp_lib
  implicit none
  integer, parameter :: n = 32, r = 6, c = 5
  integer(c_int), target :: a(n), back(n)
  real(c_double), target :: grid(r, c), part(r, c)
  type(c_ptr) :: d, g
  integer(c_size_t) :: vol(2), zero2(2), dims(2), soff(2)
  integer(c_int) :: dev, host, rc, i, j
  integer(omp_depend_kind) :: obj
  dev = omp_get_default_device()
  host = omp_get_initial_device()
  do i = 1, n
    a(i) = i * 3
  end do
  back = 0
  d = omp_target_alloc(int(n * 4, c_size_t), dev)
  print *, c_associated(d)
  rc = omp_target_memcpy(d, c_loc(a), int(n * 4, c_size_t), 0_c_size_t, 0_c_size_t, dev, host)
  call bump(d, dev)
  ! The last half only, at offset 16 elements on both sides.
  rc = rc + omp_target_memcpy(c_loc(back), d, int(n * 2, c_size_t), int(n * 2, c_size_t), int(n * 2, c_size_t), host, dev)
  print *, rc, back(1), back(n / 2), back(n / 2 + 1), back(n)
  !$omp depobj(obj) depend(inout: back)
#ifdef __GPUF__
  rc = omp_target_memcpy_async(c_loc(back), d, int(n * 4, c_size_t), 0_c_size_t, 0_c_size_t, host, dev, 1, [obj])
#else
  rc = omp_target_memcpy(c_loc(back), d, int(n * 4, c_size_t), 0_c_size_t, 0_c_size_t, host, dev)
#endif
  !$omp taskwait depend(depobj: obj)
  !$omp depobj(obj) destroy
  print *, rc, sum(back), back(1), back(n)
  call omp_target_free(d, dev)
  ! A 3 x 2 block of a 6 x 5 grid (C order: the last dimension, Fortran's first, is the
  ! contiguous one), from row 2, column 1 of the source to the origin of the copy.
  do j = 1, c
    do i = 1, r
      grid(i, j) = i * 10 + j
    end do
  end do
  part = 0
  g = omp_target_alloc(int(r * c * 8, c_size_t), dev)
  vol = [3_c_size_t, 2_c_size_t]
  zero2 = 0
  soff = [2_c_size_t, 1_c_size_t]
  dims = [int(c, c_size_t), int(r, c_size_t)]
  rc = omp_target_memcpy_rect(g, c_loc(grid), 8_c_size_t, 2, vol, zero2, soff, dims, dims, dev, host)
#ifdef __GPUF__
  rc = rc + omp_target_memcpy_rect_async(c_loc(part), g, 8_c_size_t, 2, vol, zero2, zero2, dims, dims, host, dev, 0)
#else
  rc = rc + omp_target_memcpy_rect(c_loc(part), g, 8_c_size_t, 2, vol, zero2, zero2, dims, dims, host, dev)
#endif
  !$omp taskwait
  call omp_target_free(g, dev)
  print *, rc
  print '(6f6.0)', part
  !$omp target data map(to: a)
  print *, omp_target_is_present(c_loc(a), dev)
  !$omp end target data
contains
  subroutine bump(d, dev)
    type(c_ptr) :: d
    integer(c_int) :: dev
    !$omp target is_device_ptr(d) device(dev)
    block
      integer(c_int), pointer :: p(:)
      integer :: k
      call c_f_pointer(d, p, [n])
      do k = 1, n
        p(k) = p(k) + k
      end do
    end block
  end subroutine
end program
