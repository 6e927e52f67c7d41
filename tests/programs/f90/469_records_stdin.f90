! Reading fixed-column records from standard input with a formatted read (A8,I6,F8.2)
! after a header line with the record count, validating fields, grouping totals per
! category in parallel arrays, and printing a sorted summary report with column formats.
program records_stdin
  implicit none
  integer, parameter :: maxcat = 10
  character(len=8) :: cat
  character(len=8) :: cats
  character(len=30) :: header
  integer :: nrec, i, qty, k, ncat, order(maxcat), t, j, bad
  real(8) :: price, total(maxcat), grand
  integer :: count_of(maxcat)
  character(len=8*maxcat) :: catnames
  read(*, '(A)') header
  read(*, *) nrec
  ncat = 0; total = 0; count_of = 0; catnames = ''; bad = 0
  do i = 1, nrec
    read(*, '(A8,I6,F8.2)') cat, qty, price
    if (qty <= 0 .or. price < 0) then
      bad = bad + 1
      print '(A,I3,A,A)', 'skipping record', i, ': ', trim(cat)
      cycle
    end if
    k = 0
    do j = 1, ncat
      if (catnames(8*j-7:8*j) == cat) then
        k = j
        exit
      end if
    end do
    if (k == 0) then
      ncat = ncat + 1
      k = ncat
      catnames(8*k-7:8*k) = cat
    end if
    total(k) = total(k) + qty * price
    count_of(k) = count_of(k) + 1
  end do
  ! order categories by total, descending (insertion sort on an index array)
  order(1:ncat) = [(i, i = 1, ncat)]
  do i = 2, ncat
    t = order(i)
    j = i - 1
    do while (j >= 1)
      if (total(order(j)) >= total(t)) exit
      order(j+1) = order(j)
      j = j - 1
    end do
    order(j+1) = t
  end do
  print '(A)', trim(header)
  print '(A8,A6,A12)', 'category', 'n', 'total'
  grand = 0
  do i = 1, ncat
    k = order(i)
    cats = catnames(8*k-7:8*k)
    print '(A8,I6,F12.2)', cats, count_of(k), total(k)
    grand = grand + total(k)
  end do
  print '(A8,I6,F12.2)', 'ALL', sum(count_of(1:ncat)), grand
  print '(A,I3)', 'bad records:', bad
end program records_stdin
