! Sets of small integers packed into integer(8) words using only arithmetic (powers of
! two, division and mod; no bit intrinsics): insertion, membership, union, intersection
! and difference computed digit by digit, cardinality, and a sieve of primes stored as
! a bitset compared with a logical array.
program bitsets
  implicit none
  integer(8) :: a, b, u, v, w, primes(4)
  integer :: i, k, np
  logical :: isp(0:199)
  a = 0; b = 0
  do i = 0, 40, 3
    call add(a, i)
  end do
  do i = 0, 40, 5
    call add(b, i)
  end do
  call show('a', a)
  call show('b', b)
  call combine(a, b, 1, u); call show('a or b', u)
  call combine(a, b, 2, v); call show('a and b', v)
  call combine(a, b, 3, w); call show('a minus b', w)
  print '(A,3I4)', 'sizes:', card(u), card(v), card(w)
  print '(A,L2)', 'inclusion-exclusion:', card(u) == card(a) + card(b) - card(v)
  print '(A,2L2)', 'has 30, has 31:', has(v, 30), has(v, 31)
  ! a prime sieve over 0..199 in four 50-bit words
  primes = 0
  do i = 2, 199
    call add(primes(i / 50 + 1), mod(i, 50))
  end do
  do i = 2, 14
    if (.not. has(primes(i / 50 + 1), mod(i, 50))) cycle
    do k = i * i, 199, i
      call remove(primes(k / 50 + 1), mod(k, 50))
    end do
  end do
  isp = .false.
  isp(2:) = .true.
  do i = 2, 14
    if (isp(i)) isp(i*i::i) = .false.
  end do
  np = 0
  do i = 1, 4
    np = np + card(primes(i))
  end do
  print '(A,I4,A,I4)', 'primes below 200 (bitset):', np, ' (logical):', count(isp)
  print '(A,L2)', 'agree:', all([(has(primes(i / 50 + 1), mod(i, 50)) .eqv. isp(i), i = 0, 199)])
contains
  logical function has(s, e)
    integer(8), intent(in) :: s
    integer, intent(in) :: e
    has = mod(s / 2_8**e, 2_8) == 1
  end function has
  subroutine add(s, e)
    integer(8), intent(inout) :: s
    integer, intent(in) :: e
    if (.not. has(s, e)) s = s + 2_8**e
  end subroutine add
  subroutine remove(s, e)
    integer(8), intent(inout) :: s
    integer, intent(in) :: e
    if (has(s, e)) s = s - 2_8**e
  end subroutine remove
  subroutine combine(x, y, op, z)
    integer(8), intent(in) :: x, y
    integer, intent(in) :: op
    integer(8), intent(out) :: z
    integer :: e
    logical :: in
    z = 0
    do e = 0, 62
      select case (op)
      case (1); in = has(x, e) .or. has(y, e)
      case (2); in = has(x, e) .and. has(y, e)
      case default; in = has(x, e) .and. .not. has(y, e)
      end select
      if (in) z = z + 2_8**e
    end do
  end subroutine combine
  integer function card(s)
    integer(8), intent(in) :: s
    integer(8) :: t
    card = 0
    t = s
    do while (t > 0)
      card = card + int(mod(t, 2_8))
      t = t / 2
    end do
  end function card
  subroutine show(name, s)
    character(len=*), intent(in) :: name
    integer(8), intent(in) :: s
    integer :: e, m, list(63)
    m = 0
    do e = 0, 62
      if (has(s, e)) then
        m = m + 1
        list(m) = e
      end if
    end do
    print '(A10,A,20I3)', name, ':', list(1:m)
  end subroutine show
end program bitsets
