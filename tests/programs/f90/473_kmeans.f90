! One-dimensional k-means clustering (Lloyd's algorithm) on data chosen so that every
! cluster mean is a dyadic fraction: assignment by nearest centre with ties to the lower
! index, centre updates with sum(mask=)/count, convergence when assignments stop changing,
! and the within-cluster sum of squares; then k from 1 to 4 compared.
program kmeans
  implicit none
  integer, parameter :: n = 16
  real(8) :: x(n), c(4), wss
  integer :: lab(n), k, it, i
  x = [1.0d0, 1.5d0, 2.0d0, 2.5d0, 10.0d0, 10.5d0, 11.0d0, 11.5d0, &
       20.0d0, 20.25d0, 20.5d0, 20.75d0, 30.0d0, 31.0d0, 32.0d0, 33.0d0]
  do k = 1, 4
    do i = 1, k
      c(i) = x(1 + (i - 1) * (n / k))
    end do
    call lloyd(k, it)
    wss = 0
    do i = 1, n
      wss = wss + (x(i) - c(lab(i)))**2
    end do
    print '(A,I2,A,I3,A,F12.4)', 'k=', k, ' iterations', it, ' wss', wss
    print '(A,4F10.4)', '  centres:', c(1:k)
    print '(A,4I4)', '  sizes:', (count(lab == i), i = 1, k)
  end do
contains
  subroutine lloyd(k, iters)
    integer, intent(in) :: k
    integer, intent(out) :: iters
    integer :: newlab(n), j, p
    real(8) :: best, d
    lab = 0
    do iters = 1, 100
      do p = 1, n
        best = huge(1.0d0)
        do j = 1, k
          d = abs(x(p) - c(j))
          if (d < best) then
            best = d
            newlab(p) = j
          end if
        end do
      end do
      if (all(newlab == lab)) exit
      lab = newlab
      do j = 1, k
        if (count(lab == j) > 0) c(j) = sum(x, mask=lab == j) / count(lab == j)
      end do
    end do
  end subroutine lloyd
end program kmeans
