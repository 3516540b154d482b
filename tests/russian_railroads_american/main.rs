//! Russian Railroads: American Railroads (issue 10, in progress): the component data.

mod components;
mod industry;
mod locomotives;
mod playouts;
mod setup;
mod stock;
mod tracks;
