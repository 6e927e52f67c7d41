! Text layout with character scalars: greedy word wrapping of a paragraph to several
! widths, right justification by distributing blanks, centring titles, and a boxed table
! drawn with repeat(); word boundaries found by scanning characters, lengths by len_trim.
program text_wrap
  implicit none
  character(len=200) :: para
  integer :: widths(3) = [20, 32, 45], w
  para = 'Fortran programs have formatted their output in fixed columns for decades, ' // &
         'and text layout routines like these still appear in report generators.'
  do w = 1, size(widths)
    print '(A,I3)', 'width', widths(w)
    call wrap(trim(para), widths(w), .false.)
  end do
  print '(A)', 'justified to 32:'
  call wrap(trim(para), 32, .true.)
  call centre('Summary', 30)
  call centre('A much longer centred title', 30)
  call boxed()
contains
  subroutine wrap(text, width, justify)
    character(len=*), intent(in) :: text
    integer, intent(in) :: width
    logical, intent(in) :: justify
    character(len=100) :: line
    integer :: p, q, n
    line = ''
    n = 0
    p = 1
    do while (p <= len(text))
      if (text(p:p) == ' ') then
        p = p + 1
        cycle
      end if
      q = p
      do while (q < len(text))
        if (text(q+1:q+1) == ' ') exit
        q = q + 1
      end do
      if (n > 0 .and. n + 1 + (q - p + 1) > width) then
        call emit(line, n, width, justify)
        line = ''
        n = 0
      end if
      if (n > 0) then
        line(n+1:n+1) = ' '
        n = n + 1
      end if
      line(n+1:n+q-p+1) = text(p:q)
      n = n + q - p + 1
      p = q + 1
    end do
    call emit(line, n, width, .false.)
  end subroutine wrap
  subroutine emit(line, n, width, justify)
    character(len=*), intent(in) :: line
    integer, intent(in) :: n, width
    logical, intent(in) :: justify
    character(len=100) :: out
    integer :: gaps, extra, p, m, k
    if (.not. justify) then
      print '(A,A,A)', '|', line(1:width), '|'
      return
    end if
    gaps = 0
    do p = 1, n
      if (line(p:p) == ' ') gaps = gaps + 1
    end do
    extra = width - n
    out = ''
    m = 0
    k = 0
    do p = 1, n
      m = m + 1
      out(m:m) = line(p:p)
      if (line(p:p) == ' ' .and. gaps > 0) then
        k = k + 1
        m = m + extra / gaps
        if (k <= mod(extra, gaps)) m = m + 1
      end if
    end do
    print '(A,A,A)', '|', out(1:width), '|'
  end subroutine emit
  subroutine centre(title, width)
    character(len=*), intent(in) :: title
    integer, intent(in) :: width
    integer :: pad
    pad = max(0, (width - len_trim(title)) / 2)
    print '(A,A,A)', '[', repeat(' ', pad) // title // repeat(' ', max(0, width - pad - len_trim(title))), ']'
  end subroutine centre
  subroutine boxed()
    integer :: r
    print '(A)', '+' // repeat('-', 8) // '+' // repeat('-', 10) // '+'
    do r = 1, 3
      print '(A,I6,2X,A,F8.2,2X,A)', '|', r * 111, '|', r * 2.5d0, '|'
    end do
    print '(A)', '+' // repeat('-', 8) // '+' // repeat('-', 10) // '+'
  end subroutine boxed
end program text_wrap
