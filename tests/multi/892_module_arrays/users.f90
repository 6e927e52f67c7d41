! A second module that changes the first one's arrays.
module users
  use tables
  implicit none
contains
  subroutine fill(k)
    integer, intent(in) :: k
    integer :: a, b, c
    do c = 1, 2
      do b = 1, 2
        do a = 1, 3
          field(a, b, c) = grid(mod(a, 2) + 1, b) * k + c
        end do
      end do
    end do
    counts(k) = counts(k) + squares(k)
    book(k)%key = 100 * k
    book(k)%name = labels(k)(1:3)
    labels(k)(4:4) = '*'
  end subroutine fill
end module users
