! Run-length encoding and decoding of character strings and integer arrays: encoded text
! built by concatenation with counts written by internal write, decoding by parsing digits
! with iachar, round trips, and compression ratios as exact integer fractions.
program rle
  implicit none
  character(len=60) :: enc, dec
  integer :: vals(20), counts(20), runs(20), nr, i, j, k
  call encode('aaabccddddde', enc)
  print '(A)', trim(enc)
  call decode(trim(enc), dec)
  print '(A)', trim(dec)
  call encode('abcdef', enc)
  print '(A)', trim(enc)
  call encode('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', enc)
  print '(A)', trim(enc)
  call decode(trim(enc), dec)
  print '(A,I4)', 'decoded length:', len_trim(dec)
  call encode('x', enc)
  print '(A)', trim(enc)
  ! integer arrays
  vals = [1, 1, 1, 0, 0, 5, 5, 5, 5, 5, 5, 2, 2, 0, 0, 0, 0, 0, 9, 9]
  nr = 0
  i = 1
  do while (i <= size(vals))
    j = i
    do while (j < size(vals))
      if (vals(j+1) /= vals(i)) exit
      j = j + 1
    end do
    nr = nr + 1
    runs(nr) = vals(i)
    counts(nr) = j - i + 1
    i = j + 1
  end do
  print '(A,I3)', 'runs:', nr
  print '(A,20I3)', 'values:', runs(1:nr)
  print '(A,20I3)', 'counts:', counts(1:nr)
  print '(A,I3,A,I3)', 'ratio:', 2 * nr, '/', size(vals)
  ! expand and compare
  k = 0
  do i = 1, nr
    do j = 1, counts(i)
      k = k + 1
      if (vals(k) /= runs(i)) print *, 'mismatch at', k
    end do
  end do
  print '(A,L2)', 'round trip ok:', k == size(vals)
contains
  subroutine encode(s, e)
    character(len=*), intent(in) :: s
    character(len=*), intent(out) :: e
    character(len=8) :: num
    integer :: p, q
    e = ''
    p = 1
    do while (p <= len(s))
      q = p
      do while (q < len(s))
        if (s(q+1:q+1) /= s(p:p)) exit
        q = q + 1
      end do
      if (q > p) then
        write(num, '(I0)') q - p + 1
        e = trim(e) // trim(num) // s(p:p)
      else
        e = trim(e) // s(p:p)
      end if
      p = q + 1
    end do
  end subroutine encode
  subroutine decode(e, s)
    character(len=*), intent(in) :: e
    character(len=*), intent(out) :: s
    integer :: p, cnt, c, m
    s = ''
    m = 0
    cnt = 0
    do p = 1, len(e)
      c = iachar(e(p:p))
      if (c >= iachar('0') .and. c <= iachar('9')) then
        cnt = 10 * cnt + (c - iachar('0'))
      else
        cnt = max(cnt, 1)
        s(m+1:m+cnt) = repeat(e(p:p), cnt)
        m = m + cnt
        cnt = 0
      end if
    end do
  end subroutine decode
end program rle
