! Old-style code without implicit none: default implicit typing (I-N integer, others
! default real) for locals, dummies and function results, external functions typed
! implicitly or by a type declaration, DOUBLE PRECISION declarations of arrays and
! functions, mixed-kind arithmetic and integer conversion on assignment.
      program implicit_old
      double precision x(10), total, xm, avg, poly3
      integer iw(10)
      n = 10
      do i = 1, n
        x(i) = i * 0.5d0
        iw(i) = n - i
      end do
      total = 0
      do i = 1, n
        total = total + x(i) * iw(i)
      end do
      print '(A,F10.3)', 'total =', total
      kount = 0
      do i = 1, n
        if (mod(iw(i), 3) .eq. 0) kount = kount + 1
      end do
      print '(A,I3)', 'multiples of 3:', kount
      xm = avg(x, n)
      print '(A,F10.4)', 'mean =', xm
      call scale(x, n, 4.0d0)
      print '(5F8.2)', x
      ival = isum(iw, n)
      print '(A,I5)', 'isum =', ival
      print '(A,F10.4)', 'poly(1.5) =', poly3(1.5d0)
      r = half(5)
      print '(A,F8.3)', 'half(5) =', r
      call legacy()
      end

      double precision function avg(v, m)
      double precision v(m), s
      s = 0
      do k = 1, m
        s = s + v(k)
      end do
      avg = s / m
      end

      subroutine scale(v, m, f)
      double precision v(m), f
      do k = 1, m
        v(k) = v(k) * f
      end do
      end

      function isum(iv, m)
      integer iv(m)
      isum = 0
      do k = 1, m
        isum = isum + iv(k)
      end do
      end

      function half(j)
      half = j / 2.0
      end

      double precision function poly3(t)
      double precision t
      poly3 = ((2.0d0 * t - 3.0d0) * t + 0.5d0) * t - 1.0d0
      end

      subroutine legacy()
! default implicit typing: a..h, o..z are default real, i..n are integer
      r = 2.5
      k = 7
      q = r * k
      m = q
      print '(A,F8.3,A,I4)', 'q =', q, ' m =', m
      xlen = 0.125
      nsteps = int(1.0 / xlen)
      print '(A,I4)', 'steps:', nsteps
      m = 7 / 2 * 2
      a = 7 / 2.0 * 2
      print '(A,I3,A,F6.2)', 'integer 7/2*2 =', m, ' real:', a
      end
