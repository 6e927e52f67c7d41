! The main program of the module-array interop test: it reads the module's arrays as the
! other compiler initialised and changed them, and changes them for the module's
! procedure to see; the module's type's default initialisation object resets an element.
program modarr_main
  use modarr_store
  implicit none
  integer :: i, k
  call show('start')
  print *, sum(counts), labels(2), cells(1)%tag, cube(2, 1, 2), count(marks)
  call module_side(2)
  call show('module')
  ! Writes from the main program, seen by the module's procedures.
  counts = counts + 1
  grid(2, 2) = 9.5d0
  labels(3) = 'ten'
  cells(1) = cell(7, [1d0, 2d0], 'xyz')
  cube(1, 1, 1) = 99
  marks(2) = .true.
  k = 4
  do i = 1, 3
    counts(i) = counts(i) * primes(k + i - 2)
  end do
  call show('main')
  call module_side(1)
  call show('again')
  ! An `intent(out)` polymorphic dummy takes the default values from the type's vtab
  ! (`_def_init`), which the module's object holds.
  call wipe(cells(2))
  call show('wiped')
contains
  subroutine wipe(x)
    class(cell), intent(out) :: x
    x%tag = 'new'
  end subroutine wipe

  subroutine show(tag)
    character(len=*), intent(in) :: tag
    integer :: i
    print '(a, 5i5)', tag, counts
    print '(6f7.2)', grid
    print '(3(a, "|"))', labels
    do i = 1, 2
      print '(i5, 2f7.3, 1x, a)', cells(i)%id, cells(i)%w, cells(i)%tag
    end do
    print '(8i4, 4l2)', cube, marks
  end subroutine show
end program modarr_main
