// The provider page's card form: posts the card to this origin and shows the answer. No framework.
const form = document.getElementById('pay-form')
const error = document.getElementById('pay-error')
const status = document.getElementById('pay-status')
if (form && error && status) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const button = form.querySelector('button')
    const data = new FormData(form)
    button.disabled = true
    error.textContent = ''
    status.textContent = 'Processing payment…'
    try {
      const res = await fetch(`/api/orders/${encodeURIComponent(form.dataset.order ?? '')}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          number: data.get('number'),
          expiry: data.get('expiry'),
          cvc: data.get('cvc'),
        }),
      })
      const body = await res.json().catch(() => ({}))
      if (res.ok && body.status === 'completed') {
        form.hidden = true
        status.textContent = `Payment complete: ${body.amount} ${body.symbol} sent to ${body.address}. Transaction ${body.txHash}`
        return
      }
      // Taken and broadcast but not mined yet: never offer to pay again (reloading shows the result).
      if (body.status === 'processing' || body.status === 'failed') {
        form.hidden = true
        status.textContent = typeof body.message === 'string' ? body.message : ''
        return
      }
      status.textContent = ''
      error.textContent =
        typeof body.message === 'string' ? body.message : `The payment failed (${res.status})`
      const field = typeof body.field === 'string' ? form.elements.namedItem(body.field) : null
      if (field && 'focus' in field) field.focus()
    } catch {
      status.textContent = ''
      error.textContent = 'The payment could not be sent. Check your connection and try again.'
    } finally {
      button.disabled = false
    }
  })
}
