// The restaurant booking blocks' CSS (v1 and v2 alike): the service's widget inside the shared card look, and 'Find a
// Table' until the widget has loaded.
export const styles = `
:is(.block-restaurant-booking,.block-restaurant-booking-v2) .booking-widget:empty{display:none}
:is(.block-restaurant-booking,.block-restaurant-booking-v2) .booking-widget iframe{display:block;width:100%;max-width:100%;border:0}
:is(.block-restaurant-booking,.block-restaurant-booking-v2) .booking-fallback{margin:0}
:is(.block-restaurant-booking,.block-restaurant-booking-v2) .booking-block[data-widget=loaded] .booking-fallback{display:none}
`;
