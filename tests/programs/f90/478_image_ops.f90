! Integer image operations with index mapping: rotation by 90 degrees and flips written
! with explicit index arithmetic and with reversed sections (compared), a blocked
! transpose with a tile size that does not divide the size, 2x2 average pooling, an
! integral image (summed-area table) answering box-sum queries in O(1).
program image_ops
  implicit none
  integer, parameter :: n = 6, m = 7, tile = 4
  integer :: img(n, m), rot(m, n), flip(n, m), tr(m, n), ii(0:n, 0:m), pool(n/2, m/2)
  integer :: i, j, ib, jb, r1, c1, r2, c2, q
  do j = 1, m
    do i = 1, n
      img(i, j) = mod(i * 17 + j * 5, 23)
    end do
  end do
  ! rotate clockwise: rot(j, n + 1 - i) = img(i, j)
  do j = 1, m
    do i = 1, n
      rot(j, n + 1 - i) = img(i, j)
    end do
  end do
  do i = 1, m
    print '(6I4)', rot(i, :)
  end do
  ! flip upside down with a reversed section
  flip = img(n:1:-1, :)
  print '(A,L2)', 'flip twice is identity:', all(flip(n:1:-1, :) == img)
  ! rotating clockwise = transpose then flip left-right
  tr = 0
  do jb = 1, m, tile
    do ib = 1, n, tile
      do j = jb, min(jb + tile - 1, m)
        do i = ib, min(ib + tile - 1, n)
          tr(j, i) = img(i, j)
        end do
      end do
    end do
  end do
  print '(A,L2)', 'rotation = transpose + mirror:', all(rot == tr(:, n:1:-1))
  ! pooling over 2x2 blocks (integer average, truncating)
  do j = 1, m / 2
    do i = 1, n / 2
      pool(i, j) = sum(img(2*i-1:2*i, 2*j-1:2*j)) / 4
    end do
  end do
  do i = 1, n / 2
    print '(3I4)', pool(i, :)
  end do
  ! integral image
  ii = 0
  do j = 1, m
    do i = 1, n
      ii(i, j) = img(i, j) + ii(i-1, j) + ii(i, j-1) - ii(i-1, j-1)
    end do
  end do
  do q = 1, 4
    r1 = q; c1 = q; r2 = min(n, q + 2); c2 = min(m, q + 3)
    print '(A,4I3,A,I5,L2)', 'box', r1, c1, r2, c2, ' sum', &
      ii(r2, c2) - ii(r1-1, c2) - ii(r2, c1-1) + ii(r1-1, c1-1), &
      ii(r2, c2) - ii(r1-1, c2) - ii(r2, c1-1) + ii(r1-1, c1-1) == sum(img(r1:r2, c1:c2))
  end do
end program image_ops
