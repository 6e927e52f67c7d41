! associate: names for whole arrays (bounds kept, writes go through), array elements and
! scalars (aliases), derived-type components, character variables, substrings and
! expressions (scalar and array, evaluated once, on entry), contiguous sections, nested and named
! constructs, exit from a named associate, associate inside loops and internal procedures.
module shapes
  implicit none
  type :: box
    real :: w = 1.0, h = 2.0
    integer :: id = 0
  end type
end module

program associate_construct
  use shapes
  implicit none
  integer :: a(0:5), i, n
  real :: m(3, 3)
  type(box) :: b
  character(len=12) :: word
  a = [(10 * i, i = 0, 5)]
  associate (v => a, first => a(0), s => sum(a), dbl => 2 * a(1:4) + 1)
    print *, shape(dbl), lbound(dbl), dbl
    print *, lbound(v), ubound(v), size(v), s
    v(1) = -1
    first = first + 7
    a(2) = 99
    print *, v(2), s, first
  end associate
  print *, a
  n = 3
  associate (k => n * 2, nn => n)
    n = 100
    print *, k, nn
    nn = 5
  end associate
  print *, n
  b%id = 4
  associate (width => b%w, ident => b%id, area => b%w * b%h)
    width = 3.0
    ident = ident + 1
    print *, area, b%w, b%id
  end associate
  word = 'associate'
  associate (w => word, head => word(1:5), shout => trim(word) // '!')
    head(1:1) = 'A'
    print *, '[', w, '] [', shout, ']', len(shout), len(head)
  end associate
  m = 0.0
  do i = 1, 3
    associate (row => m(i, 1), diag => m(i, i))
      row = real(i)
      diag = diag + 10.0
    end associate
  end do
  print *, m
  outer: associate (x => a(3))
    inner: associate (y => x + 1)
      if (y > 0) exit outer
      print *, 'not reached'
    end associate inner
  end associate outer
  call twice()
  print *, a
contains
  subroutine twice()
    associate (t => a(4:5))
      print *, size(t), lbound(t), t
      t(2) = -t(2)
    end associate
    associate (col => m(:, 2), block2 => m(:, 2:3), tail => m(2:, 3))
      print *, shape(col), shape(block2), shape(tail), tail
      block2(1, 2) = 42.0
      col = col + 0.5
    end associate
    print *, m
    associate (whole => a)
      whole = whole * 2
    end associate
  end subroutine
end program
