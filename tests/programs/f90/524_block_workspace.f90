! Work arrays in BLOCK constructs sized at run time: a Jacobi smoother whose workspace is
! a block-local automatic array (OpenACC loops over it), a search that leaves nested named
! blocks early, and a routine that grows its scratch space on every call.
program block_workspace
  implicit none
  integer :: n, it, i, found
  real(8) :: err
  n = 16
  do it = 1, 3
    block
      real(8) :: u(0:n + 1), v(0:n + 1)
      integer :: sweep
      u = 0
      u(n + 1) = 1
      v = u
      do sweep = 1, 50 * it
        !$acc parallel loop copyin(u) copy(v)
        do i = 1, n
          v(i) = 0.5d0 * (u(i - 1) + u(i + 1))
        end do
        u(1:n) = v(1:n)
      end do
      err = 0
      do i = 0, n + 1
        err = max(err, abs(u(i) - real(i, 8) / (n + 1)))
      end do
      print '(A,I3,A,I4,A,L2)', 'n =', n, ' sweeps =', 50 * it, ' close:', err < 0.5d0
    end block
    n = n / 2
  end do
  ! a search leaving two nested named blocks
  found = -1
  n = 12
  search: block
    integer :: keys(n), k
    keys = [(mod(7 * k, 13), k = 1, n)]
    scan: block
      integer :: seen(0:12)
      seen = 0
      do k = 1, n
        if (keys(k) == 5) then
          found = k
          exit search
        end if
        seen(keys(k)) = seen(keys(k)) + 1
        if (sum(seen) > n) exit scan
      end do
    end block scan
    print *, 'not reached'
  end block search
  print '(A,I4)', 'found at', found
  do i = 1, 4
    call grow(i * 3)
  end do
contains
  subroutine grow(m)
    integer, intent(in) :: m
    integer :: j, acc
    acc = 0
    do j = 1, m, 2
      block
        integer :: scratch(j:m), q
        scratch = [(q * q, q = j, m)]
        acc = acc + sum(scratch) - size(scratch)
        if (acc > 500) exit
      end block
    end do
    print '(A,I3,I6)', 'grow', m, acc
  end subroutine grow
end program block_workspace
