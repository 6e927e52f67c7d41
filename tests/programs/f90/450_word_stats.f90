! Text statistics from standard input: a count of lines followed by the lines, read with
! the A format into a fixed-length buffer; words split at blanks by scanning characters,
! letter frequencies in an integer array indexed by iachar, the longest word, and
! sentence-style capitalisation written back out.
program word_stats
  implicit none
  character(len=80) :: line
  character(len=20) :: longest
  integer :: nlines, i, p, start, nwords, freq(26), c, total_chars, wl
  logical :: inword
  read(*, *) nlines
  nwords = 0; freq = 0; total_chars = 0; longest = ''
  do i = 1, nlines
    read(*, '(A)') line
    total_chars = total_chars + len_trim(line)
    inword = .false.
    do p = 1, len_trim(line) + 1
      if (p <= len_trim(line) .and. line(p:p) /= ' ') then
        if (.not. inword) start = p
        inword = .true.
        c = iachar(line(p:p))
        if (c >= iachar('A') .and. c <= iachar('Z')) c = c + 32
        if (c >= iachar('a') .and. c <= iachar('z')) freq(c - iachar('a') + 1) = freq(c - iachar('a') + 1) + 1
      else if (inword) then
        inword = .false.
        nwords = nwords + 1
        wl = p - start
        if (wl > len_trim(longest)) longest = line(start:p-1)
      end if
    end do
    call capitalise(line)
    print '(I2,A,A)', i, ': ', trim(line)
  end do
  print '(A,I4,A,I5)', 'words:', nwords, ' characters:', total_chars
  print '(A,A,A,I3)', 'longest word: ', trim(longest), ' length', len_trim(longest)
  do c = 1, 26
    if (freq(c) >= 5) print '(A,A,I4)', achar(iachar('a') + c - 1), ':', freq(c)
  end do
  print '(A,A)', 'most frequent letter: ', achar(iachar('a') + maxloc(freq, dim=1) - 1)
  print '(A,I3)', 'letters never used:', count(freq == 0)
contains
  subroutine capitalise(s)
    character(len=*), intent(inout) :: s
    integer :: q, k
    logical :: capnext
    capnext = .true.
    do q = 1, len_trim(s)
      k = iachar(s(q:q))
      if (capnext .and. k >= iachar('a') .and. k <= iachar('z')) then
        s(q:q) = achar(k - 32)
        capnext = .false.
      else if (s(q:q) /= ' ') then
        capnext = .false.
      end if
      if (s(q:q) == '.') capnext = .true.
    end do
  end subroutine capitalise
end program word_stats
