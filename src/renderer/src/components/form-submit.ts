// Forms submit with Enter. The handler keeps the page where it is, and stops the submit there: a dialog is
// rendered through a portal, so its form's submit would otherwise bubble up the React tree into the form of
// the page that opened it and submit that one too.
interface SubmitLike {
  preventDefault(): void;
  stopPropagation(): void;
}

export function onFormSubmit(submit: () => void): (event: SubmitLike) => void {
  return (event) => {
    event.preventDefault();
    event.stopPropagation();
    submit();
  };
}
