! A key = value configuration file read from standard input line by line (the count of
! lines first): comments after '!' stripped, blanks around '=' ignored, keys matched
! case-insensitively with select case, integer, real and logical values converted with
! iachar-based parsers, unknown keys reported, and defaults kept for missing keys.
program config_stdin
  implicit none
  character(len=80) :: line, key, val
  integer :: nlines, i, p, nx, ny, nsteps, nunknown
  real(8) :: dt, tend
  logical :: verbose
  nx = 10; ny = 10; nsteps = 100; dt = 0.5d0; tend = 0; verbose = .false.
  nunknown = 0
  read(*, *) nlines
  do i = 1, nlines
    read(*, '(A)') line
    p = index(line, '!')
    if (p > 0) line = line(1:p-1)
    if (len_trim(line) == 0) cycle
    p = index(line, '=')
    if (p == 0) then
      print '(A,I3,A,A)', 'line', i, ': no "=" in: ', trim(line)
      cycle
    end if
    key = lower(adjustl(line(1:p-1)))
    val = adjustl(line(p+1:))
    select case (trim(key))
    case ('nx')
      nx = to_int(trim(val))
    case ('ny')
      ny = to_int(trim(val))
    case ('nsteps', 'steps')
      nsteps = to_int(trim(val))
    case ('dt')
      dt = to_real(trim(val))
    case ('verbose')
      verbose = lower(val(1:1)) == 't' .or. lower(val(1:2)) == '.t'
    case default
      nunknown = nunknown + 1
      print '(A,A)', 'unknown key: ', trim(key)
    end select
  end do
  tend = nsteps * dt
  print '(A,2I6)', 'grid:', nx, ny
  print '(A,I6,A,F10.4,A,F10.3)', 'steps:', nsteps, ' dt:', dt, ' end time:', tend
  print '(A,L2,A,I3)', 'verbose:', verbose, ' unknown keys:', nunknown
contains
  function lower(s) result(t)
    character(len=*), intent(in) :: s
    character(len=len(s)) :: t
    integer :: q
    t = s
    do q = 1, len(s)
      if (s(q:q) >= 'A' .and. s(q:q) <= 'Z') t(q:q) = achar(iachar(s(q:q)) + 32)
    end do
  end function lower
  integer function to_int(s)
    character(len=*), intent(in) :: s
    integer :: q, sgn
    to_int = 0; sgn = 1
    do q = 1, len(s)
      select case (s(q:q))
      case ('-'); sgn = -1
      case ('0':'9'); to_int = 10 * to_int + iachar(s(q:q)) - iachar('0')
      end select
    end do
    to_int = sgn * to_int
  end function to_int
  real(8) function to_real(s)
    character(len=*), intent(in) :: s
    integer :: q
    real(8) :: scale
    logical :: frac
    to_real = 0; scale = 1; frac = .false.
    do q = 1, len(s)
      select case (s(q:q))
      case ('.'); frac = .true.
      case ('0':'9')
        if (frac) then
          scale = scale / 10
          to_real = to_real + scale * (iachar(s(q:q)) - iachar('0'))
        else
          to_real = 10 * to_real + (iachar(s(q:q)) - iachar('0'))
        end if
      end select
    end do
  end function to_real
end program config_stdin
