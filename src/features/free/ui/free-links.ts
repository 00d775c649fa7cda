/** Where a running free rental is looked after: the running tab of 我的订单, whose card shows the login details. */
export const FREE_ORDERS_HREF = '/account/order?filter=running';
