! Matrix multiplication with the six loop orders (ijk, ikj, jik, jki, kij, kji), a
! blocked version with a tile size that does not divide the size, and a transposed-B
! version, all on integer-valued real(8) data so every variant must give identical
! results; also the operation count and the checksums of rows and columns.
program loop_orders
  implicit none
  integer, parameter :: n = 13, tile = 4
  real(8) :: a(n,n), b(n,n), bt(n,n), c(n,n), ref(n,n)
  integer :: i, j, k, order, ii, jj, kk
  integer(8) :: flops
  do j = 1, n
    do i = 1, n
      a(i,j) = mod(i + 2 * j, 7) - 3
      b(i,j) = mod(3 * i + j, 5) - 2
    end do
  end do
  ref = 0
  do j = 1, n
    do i = 1, n
      do k = 1, n
        ref(i,j) = ref(i,j) + a(i,k) * b(k,j)
      end do
    end do
  end do
  do order = 1, 6
    c = 0
    flops = 0
    select case (order)
    case (1)
      do i = 1, n; do j = 1, n; do k = 1, n
        c(i,j) = c(i,j) + a(i,k) * b(k,j); flops = flops + 2
      end do; end do; end do
    case (2)
      do i = 1, n; do k = 1, n; do j = 1, n
        c(i,j) = c(i,j) + a(i,k) * b(k,j); flops = flops + 2
      end do; end do; end do
    case (3)
      do j = 1, n; do i = 1, n; do k = 1, n
        c(i,j) = c(i,j) + a(i,k) * b(k,j); flops = flops + 2
      end do; end do; end do
    case (4)
      do j = 1, n; do k = 1, n; do i = 1, n
        c(i,j) = c(i,j) + a(i,k) * b(k,j); flops = flops + 2
      end do; end do; end do
    case (5)
      do k = 1, n; do i = 1, n; do j = 1, n
        c(i,j) = c(i,j) + a(i,k) * b(k,j); flops = flops + 2
      end do; end do; end do
    case (6)
      do k = 1, n; do j = 1, n; do i = 1, n
        c(i,j) = c(i,j) + a(i,k) * b(k,j); flops = flops + 2
      end do; end do; end do
    end select
    print '(A,I2,A,L2,A,I6)', 'order', order, ' equal:', all(c == ref), ' flops:', flops
  end do
  c = 0
  do jj = 1, n, tile
    do kk = 1, n, tile
      do ii = 1, n, tile
        do j = jj, min(jj + tile - 1, n)
          do k = kk, min(kk + tile - 1, n)
            do i = ii, min(ii + tile - 1, n)
              c(i,j) = c(i,j) + a(i,k) * b(k,j)
            end do
          end do
        end do
      end do
    end do
  end do
  print '(A,L2)', 'blocked equal:', all(c == ref)
  do j = 1, n
    do i = 1, n
      bt(j,i) = b(i,j)
    end do
  end do
  do j = 1, n
    do i = 1, n
      c(i,j) = dot_product(a(i,:), bt(j,:))
    end do
  end do
  print '(A,L2)', 'transposed-B equal:', all(c == ref)
  print '(A,13F6.0)', 'row sums:', sum(ref, dim=2)
  print '(A,13F6.0)', 'col sums:', sum(ref, dim=1)
  print '(A,F8.0)', 'total:', sum(ref)
end program loop_orders
