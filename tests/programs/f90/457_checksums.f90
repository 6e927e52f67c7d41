! Checksums over character data with integer arithmetic only: Adler-32 and Fletcher-16
! with mod, a Luhn check digit for account numbers, the ISBN-10 check character, a
! polynomial rolling hash in integer(8) used for substring search (Rabin-Karp) verified
! by direct comparison.
program checksums
  implicit none
  character(len=43) :: text
  character(len=3) :: pat
  integer :: i, hits, verified
  integer(8) :: hp, ht, pw
  integer(8), parameter :: base = 256, modp = 1000000007
  text = 'the quick brown fox jumps over the lazy dog'
  print '(A,I12)', 'adler32 Wikipedia:', adler32('Wikipedia')
  print '(A,I12)', 'adler32 text:', adler32(text)
  print '(A,I8)', 'fletcher16 abcde:', fletcher16('abcde')
  print '(A,I8)', 'fletcher16 abcdef:', fletcher16('abcdef')
  print '(A,I2)', 'luhn check digit of 7992739871:', luhn('7992739871')
  print '(A,I2)', 'luhn check digit of 4539148803436467 prefix:', luhn('453914880343646')
  print '(A,A)', 'isbn check of 030640615:', isbn10('030640615')
  print '(A,A)', 'isbn check of 080442957:', isbn10('080442957')
  ! Rabin-Karp for 'the' and 'o' bigrams
  pat = 'the'
  hp = 0; ht = 0; pw = 1
  do i = 1, len(pat)
    hp = mod(hp * base + iachar(pat(i:i)), modp)
    ht = mod(ht * base + iachar(text(i:i)), modp)
    if (i > 1) pw = mod(pw * base, modp)
  end do
  hits = 0; verified = 0
  do i = 1, len(text) - len(pat) + 1
    if (i > 1) then
      ht = modulo(ht - iachar(text(i-1:i-1)) * pw, modp)
      ht = mod(ht * base + iachar(text(i+len(pat)-1:i+len(pat)-1)), modp)
    end if
    if (ht == hp) then
      hits = hits + 1
      if (text(i:i+len(pat)-1) == pat) then
        verified = verified + 1
        print '(A,I3)', 'match at', i
      end if
    end if
  end do
  print '(A,2I3)', 'hash hits, verified:', hits, verified
contains
  integer(8) function adler32(s)
    character(len=*), intent(in) :: s
    integer(8) :: a, b
    integer :: k
    a = 1; b = 0
    do k = 1, len(s)
      a = mod(a + iachar(s(k:k)), 65521_8)
      b = mod(b + a, 65521_8)
    end do
    adler32 = b * 65536 + a
  end function adler32
  integer function fletcher16(s)
    character(len=*), intent(in) :: s
    integer :: a, b, k
    a = 0; b = 0
    do k = 1, len(s)
      a = mod(a + iachar(s(k:k)), 255)
      b = mod(b + a, 255)
    end do
    fletcher16 = b * 256 + a
  end function fletcher16
  integer function luhn(digits)
    character(len=*), intent(in) :: digits
    integer :: k, dgt, total
    logical :: dbl
    total = 0
    dbl = .true.
    do k = len(digits), 1, -1
      dgt = iachar(digits(k:k)) - iachar('0')
      if (dbl) then
        dgt = 2 * dgt
        if (dgt > 9) dgt = dgt - 9
      end if
      total = total + dgt
      dbl = .not. dbl
    end do
    luhn = mod(10 - mod(total, 10), 10)
  end function luhn
  character(len=1) function isbn10(digits)
    character(len=9), intent(in) :: digits
    integer :: k, total, c
    total = 0
    do k = 1, 9
      total = total + (11 - k) * (iachar(digits(k:k)) - iachar('0'))
    end do
    c = mod(11 - mod(total, 11), 11)
    if (c == 10) then
      isbn10 = 'X'
    else
      isbn10 = achar(iachar('0') + c)
    end if
  end function isbn10
end program checksums
